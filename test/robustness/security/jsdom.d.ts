// The part of jsdom's API these tests use (the package ships no types, and @types/jsdom is not a dependency).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
