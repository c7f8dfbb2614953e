import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ToolTranscript } from '../src/react/index.js';
import { WEATHER } from './support/transcripts.js';
import { WeatherCard } from './support/WeatherCard.js';

// Defined once, outside render: an inline object of stable components does not re-render the transcript.
const tools = { weather: WeatherCard };

/**
 * `toolComponents={{ weather: WeatherCard }}` replaces the default card for one tool name; every other
 * tool keeps the default card. The renderer gets the whole tool chunk and draws every state.
 */
const meta = {
  title: 'Transcript/Custom renderer',
  parameters: { layout: 'padded' },
  args: { text: WEATHER },
  argTypes: { text: { control: 'text' } },
  render: ({ text }) => <ToolTranscript text={text} toolComponents={tools} style={{ maxWidth: '46rem' }} />,
} satisfies Meta<{ text: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three weather calls (finished, failed, running) drawn by `WeatherCard`, and a search in the default card. */
export const Weather: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paris = canvas.getByRole('article', { name: 'Weather in Paris' });
    await expect(within(paris).getByText('18 °C')).toBeVisible();
    await expect(within(paris).getByText(/Light rain, wind 14 km\/h/)).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Weather in Oslo' })).getByText(/did not answer/)).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Weather in Rome' })).getByText(/Looking up/)).toBeVisible();
    // The contract's attributes stay on a wrapper around the custom renderer.
    const wrappers = canvasElement.querySelectorAll('[data-slot="tool-call-custom"]');
    await expect([...wrappers].map((el) => `${el.getAttribute('data-tool-call-id')}:${el.getAttribute('data-status')}`)).toEqual([
      'w_paris:output-available',
      'w_oslo:output-error',
      'w_rome:input-available',
    ]);
    // Not a weather call: the default card.
    await expect(canvas.getByRole('group', { name: 'Tool call search' })).toHaveAttribute('data-status', 'input-available');
  },
};
