import type { ComponentProps } from 'react';
import { createTranscriptStore } from '../store/lite-store.js';
import type { TranscriptStore } from '../store/types.js';
import type { ToolSyntax, TranscriptOptions } from '../types.js';
import { transcriptComponent, type ToolTranscriptOptions as NamedToolTranscriptOptions } from './ToolTranscript.js';
import {
  useTranscriptSource,
  type TranscriptSource as AnySource,
  type TranscriptSourceOptions as NamedSourceOptions,
} from './use-tool-transcript.js';

// `tool-transcript/react/lite`'s component and hook: the same as `tool-transcript/react`'s, over
// the store of `tool-transcript/store/lite`, which parses with the syntax objects passed and
// knows no other. An app's bundle then holds only the syntaxes it passes (an XML-only app: no yaml).

/** The syntax objects to parse with: required, except with a `store` (which has its own). */
type WithSyntaxObjects<Source> = Source extends { store: TranscriptStore }
  ? Source & { syntaxes?: undefined }
  : Source & { syntaxes: readonly ToolSyntax[] };

/**
 * Exactly one source, and the syntax objects to parse it with (`syntaxes={[xmlSyntax]}`; `[]`
 * for text with no embedded calls). A `store` source parses with its own.
 */
export type TranscriptSource = WithSyntaxObjects<AnySource>;

/** Options of the lite {@link useToolTranscript}: those of `tool-transcript/react` but `syntaxes`, which the source carries. */
export type TranscriptSourceOptions = Omit<NamedSourceOptions, 'syntaxes'>;

/** Props of the lite {@link ToolTranscript} besides the source. */
export type ToolTranscriptOptions = Omit<NamedToolTranscriptOptions, 'syntaxes'>;

/** Props of the lite {@link ToolTranscript}: exactly one source with its syntax objects, options, and any `<div>` attribute. */
export type ToolTranscriptProps = TranscriptSource &
  ToolTranscriptOptions &
  Omit<ComponentProps<'div'>, 'children' | keyof NamedToolTranscriptOptions>;

/**
 * `useToolTranscript` of `tool-transcript/react`, over the syntax objects of the source
 * (`syntaxes: [xmlSyntax]`): no names, no default set.
 */
export function useToolTranscript(source: TranscriptSource & TranscriptSourceOptions): TranscriptStore {
  return useTranscriptSource(source, createTranscriptStore as (options: TranscriptOptions) => TranscriptStore);
}

/**
 * `<ToolTranscript>` of `tool-transcript/react` (the same component, props and rendering), whose
 * text is parsed with the syntax objects passed and no others: `syntaxes` is required (but with a
 * `store` source) and takes objects only, so an app carries only the syntaxes it uses.
 *
 * @example
 * import { ToolTranscript } from 'tool-transcript/react/lite';
 * import { xmlSyntax } from 'tool-transcript/lite';
 * <ToolTranscript text={assistantText} syntaxes={[xmlSyntax]} />
 */
export const ToolTranscript = transcriptComponent<ToolTranscriptProps>(useToolTranscript);
