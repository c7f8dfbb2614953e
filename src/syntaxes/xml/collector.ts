/**
 * Collects named values into an object; a name given again turns its entry
 * into an array of every value given (so `<param:p>a</param:p><param:p>b</param:p>`
 * is `{p: ['a', 'b']}`, while one value that is itself an array stays one value).
 */
export class Collector {
  readonly object: Record<string, unknown> = {};
  /** Names whose entry is an array made by repetition (and so grows in place). */
  private readonly repeated = new Set<string>();
  /** Values added so far. */
  count = 0;

  add(name: string, value: unknown): void {
    this.count++;
    const object = this.object;
    if (!Object.hasOwn(object, name)) {
      // defineProperty: a name like `__proto__` is an ordinary key, not the prototype.
      Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
    if (this.repeated.has(name)) (object[name] as unknown[]).push(value);
    else {
      object[name] = [object[name], value];
      this.repeated.add(name);
    }
  }

  /** A copy that later additions leave alone (arrays made by repetition copied too). */
  snapshot(): Record<string, unknown> {
    const copy: Record<string, unknown> = {};
    for (const name of Object.keys(this.object)) {
      const value = this.object[name];
      Object.defineProperty(copy, name, {
        value: this.repeated.has(name) ? (value as unknown[]).slice() : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
}
