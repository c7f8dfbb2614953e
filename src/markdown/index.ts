/**
 * The markdown model: the CommonMark line rules (line endings, blank lines, indentation) and
 * fenced code rules that every reader of markdown in this package shares — the scanner's markdown
 * tracker, the tool fence syntax, the CLI's part cutter, the markdown sections and, on the React
 * side, the block splitter and the closer of streaming markdown. Core code only: it imports
 * nothing, and React imports it (never the other way round).
 */
export * from './fence.js';
export * from './lines.js';
