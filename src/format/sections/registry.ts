import type { SectionSpec } from './types.js';

/** A registered section. */
export interface RegisteredSection {
  name: string;
  description?: string;
}

/** Registered section names, looked up case-insensitively. */
export class SectionRegistry {
  readonly sections: readonly RegisteredSection[];
  private readonly byKey = new Map<string, RegisteredSection>();

  /** @param check Throws when the format cannot write a name. */
  constructor(specs: readonly SectionSpec[], check: (name: string) => void) {
    if (!Array.isArray(specs)) throw new TypeError('sections: the registered names must be an array');
    const sections: RegisteredSection[] = [];
    for (const spec of specs) {
      const section: RegisteredSection = typeof spec === 'string' ? { name: spec } : { ...spec };
      check(section.name);
      const key = section.name.toLowerCase();
      if (this.byKey.has(key)) throw new Error(`sections: the name ${JSON.stringify(section.name)} is registered twice (names are case-insensitive)`);
      this.byKey.set(key, section);
      sections.push(section);
    }
    this.sections = sections;
  }

  /** The registered spelling of `name`, or `undefined`. */
  lookup(name: string): string | undefined {
    return this.byKey.get(name.toLowerCase())?.name;
  }
}

/**
 * Collects section contents by name; `Object.fromEntries` keeps a `__proto__` name a plain key.
 * An empty section is left out: `# Action` with nothing under it must not read as an action.
 */
export class SectionCollector {
  private readonly found = new Map<string, string[]>();

  /** Adds one section's trimmed content; `''` (an empty section) is dropped. */
  add(name: string, content: string): void {
    if (content === '') return;
    const list = this.found.get(name);
    if (list) list.push(content);
    else this.found.set(name, [content]);
  }

  result(): Record<string, string[]> {
    return Object.fromEntries(this.found);
  }
}

/** `- name: description` lines for registered sections, written by `label`. */
export function sectionList(sections: readonly RegisteredSection[], label: (name: string) => string): string {
  return sections
    .map(({ name, description }) => (description ? `- ${label(name)}: ${description}` : `- ${label(name)}`))
    .join('\n');
}
