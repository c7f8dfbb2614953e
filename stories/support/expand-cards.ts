import { userEvent } from 'storybook/test';

/**
 * Opens every collapsed tool card under `root` the way a reader does (a click on its header):
 * finished calls start collapsed, so a play function that reads their input opens them first.
 */
export async function expandCards(root: HTMLElement): Promise<void> {
  for (const trigger of Array.from(root.querySelectorAll<HTMLElement>('[data-slot="tool-call-trigger"][aria-expanded="false"]'))) {
    await userEvent.click(trigger);
  }
}
