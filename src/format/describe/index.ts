export { describeTools, type DescribeToolsOptions } from './describe.js';
export { toolExample, type ToolExample } from './example.js';
export { presets, type ProviderPreset, type PresetName } from './presets.js';
export { SYNTAX_RULES, GENERIC_RULES } from './rules.js';
