// Let any model call tools: the tool-transcript middleware teaches the tools in the system
// prompt, parses the calls the model writes (here in the XML syntax) as its text streams, and
// hands them to the AI SDK as native tool calls, so `streamText` runs them and loops.
//
// Runs offline: the "model" is the AI SDK's mock, replying with a scripted text per step.
// Run it with `node examples/middleware/stream.mjs` (after `npm run build`).
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { toolTranscriptMiddleware } from 'tool-transcript/ai';

const replies = [
  'Let me check the weather first.\n<tool name="weather"><arg name="city">Paris</arg></tool>\n',
  'It is 18 °C and sunny in Paris.',
];
const prompts = [];
const model = new MockLanguageModelV3({
  doStream: async ({ prompt }) => {
    prompts.push(prompt);
    const text = replies[prompts.length - 1];
    // The provider streams the reply in small pieces; where it cuts does not matter.
    const pieces = text.match(/[\s\S]{1,7}/g);
    return {
      stream: convertArrayToReadableStream([
        { type: 'text-start', id: 't' },
        ...pieces.map((delta) => ({ type: 'text-delta', id: 't', delta })),
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } },
        },
      ]),
    };
  },
});

const result = streamText({
  model: wrapLanguageModel({ model, middleware: toolTranscriptMiddleware({ syntax: 'xml' }) }),
  tools: {
    weather: tool({
      description: 'The current weather in a city.',
      inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async ({ city }) => ({ city, celsius: 18, sky: 'sunny' }),
    }),
  },
  stopWhen: stepCountIs(5),
  prompt: 'What is the weather in Paris?',
});

for await (const part of result.fullStream) {
  if (part.type === 'tool-call') console.log(`call   ${part.toolName} ${JSON.stringify(part.input)}`);
  if (part.type === 'tool-result') console.log(`result ${JSON.stringify(part.output)}`);
}
console.log(`text   ${await result.text}`);
console.log(`steps  ${(await result.steps).length}`);

// What the model saw: the system prompt of step 1 and the messages of step 2.
if (process.argv.includes('--prompts')) {
  console.log('\n--- step 1 system prompt ---\n' + prompts[0][0].content);
  for (const message of prompts[1].slice(1)) {
    const text = message.content.map((part) => part.text ?? '').join('');
    console.log(`\n--- step 2 ${message.role} ---\n${text}`);
  }
}
