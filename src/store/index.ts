/**
 * `tool-transcript/store` — the vanilla zustand transcript store (the React binding lives in
 * `tool-transcript/react`).
 *
 * Nothing is exported yet: the store lands with its issue. This file exists so the entry point,
 * its build output (`dist/store.js`) and its declarations are in place from the start.
 *
 * @packageDocumentation
 */
export {};
