/**
 * Work done inside syntax readers that the scanner's step count does not see,
 * in UTF-16 code units: text a reader copies again after reading it once (an
 * XML element's mixed content, sliced from the pieces it arrived in). The
 * linear-work tests read it, with `yamlWork` and `jsonWork`; nothing else does.
 */
export const readerWork = { copied: 0 };
