import type { ReactElement } from 'react';
import { TOOL_STATE_LABELS, type ToolState } from '../../types.js';

/** How a tool state is shown: a short label and an icon (decorative; the label carries the meaning). */
export interface ToolStateDisplay {
  label: string;
  icon: ReactElement;
}

const iconProps = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  className: 'tt-tool-icon',
} as const;

/** Label (from the core's {@link TOOL_STATE_LABELS}) and icon per state — one table, so a new state cannot be forgotten. */
export const TOOL_STATE_DISPLAY: Readonly<Record<ToolState, ToolStateDisplay>> = {
  'input-streaming': {
    label: TOOL_STATE_LABELS['input-streaming'],
    icon: (
      <svg {...iconProps} data-icon="input-streaming">
        <circle cx="8" cy="8" r="6" strokeDasharray="3 2.5" />
      </svg>
    ),
  },
  'input-available': {
    label: TOOL_STATE_LABELS['input-available'],
    icon: (
      <svg {...iconProps} data-icon="input-available">
        <circle cx="8" cy="8" r="6" />
        <path d="M8 4.5V8l2.5 1.5" />
      </svg>
    ),
  },
  'approval-requested': {
    label: TOOL_STATE_LABELS['approval-requested'],
    icon: (
      <svg {...iconProps} data-icon="approval-requested">
        <path d="M8 1.8 13.5 4v4c0 3-2.3 5.3-5.5 6.2C4.8 13.3 2.5 11 2.5 8V4z" />
        <path d="M8 5.5v3M8 10.8v.2" />
      </svg>
    ),
  },
  'approval-responded': {
    label: TOOL_STATE_LABELS['approval-responded'],
    icon: (
      <svg {...iconProps} data-icon="approval-responded">
        <path d="M8 1.8 13.5 4v4c0 3-2.3 5.3-5.5 6.2C4.8 13.3 2.5 11 2.5 8V4z" />
        <path d="M5.8 8.2 7.3 9.7l2.9-3.2" />
      </svg>
    ),
  },
  'output-available': {
    label: TOOL_STATE_LABELS['output-available'],
    icon: (
      <svg {...iconProps} data-icon="output-available">
        <circle cx="8" cy="8" r="6" />
        <path d="M5.5 8.2 7.2 10l3.3-3.8" />
      </svg>
    ),
  },
  'output-error': {
    label: TOOL_STATE_LABELS['output-error'],
    icon: (
      <svg {...iconProps} data-icon="output-error">
        <circle cx="8" cy="8" r="6" />
        <path d="M6 6l4 4M10 6l-4 4" />
      </svg>
    ),
  },
  'output-denied': {
    label: TOOL_STATE_LABELS['output-denied'],
    icon: (
      <svg {...iconProps} data-icon="output-denied">
        <circle cx="8" cy="8" r="6" />
        <path d="M3.8 12.2 12.2 3.8" />
      </svg>
    ),
  },
};
