import { setOwn } from '../../object.js';

/**
 * Collects named values into an object; a name given again turns its entry
 * into an array of every value given (so `<param:p>a</param:p><param:p>b</param:p>`
 * is `{p: ['a', 'b']}`, while one value that is itself an array stays one value).
 */
export class Collector {
  readonly object: Record<string, unknown> = {};
  /** Names whose entry is an array made by repetition (and so grows in place). */
  private readonly repeated = new Set<string>();

  add(name: string, value: unknown): void {
    const object = this.object;
    // setOwn: a name like `__proto__` is an ordinary key, not the prototype.
    if (!Object.hasOwn(object, name)) setOwn(object, name, value);
    else if (this.repeated.has(name)) (object[name] as unknown[]).push(value);
    else {
      object[name] = [object[name], value];
      this.repeated.add(name);
    }
  }
}
