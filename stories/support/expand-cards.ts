import { userEvent } from 'storybook/test';

/**
 * Opens every collapsed tool card under `root` the way a reader does (a click on its header):
 * finished calls start collapsed, so a play function that reads their input opens them first.
 */
export async function expandCards(root: HTMLElement): Promise<void> {
  for (const trigger of Array.from(root.querySelectorAll<HTMLElement>('[data-slot="tool-call-trigger"][aria-expanded="false"]'))) {
    await userEvent.click(trigger);
  }
  await settled(root);
}

/** Waits for the cards' open motion (a fade of 160 ms) to end, so visibility checks see the end state. */
export async function settled(root: HTMLElement): Promise<void> {
  await Promise.all(root.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
}
