import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { useEffect, useState, type FormEvent } from 'react';
import { ToolTranscript } from 'tool-transcript/react';
import { PROMPTS } from '../server/script.js';
import { TimeZoneCard } from './TimeZoneCard.js';

const STORAGE_KEY = 'tool-transcript-example-chat';

// Defined once, outside render, so the transcript does not re-render for a new object.
const toolComponents = { get_time_zone: TimeZoneCard };

/** The conversation saved in this browser, so a reload shows it again. */
function savedMessages(): UIMessage[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as UIMessage[];
  } catch {
    return [];
  }
}

export function App() {
  const { messages, setMessages, sendMessage, status, stop, error, addToolApprovalResponse, addToolOutput } = useChat({
    messages: savedMessages(),
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    // The next step starts by itself once every call has its answer (an approval, a client tool's output).
    sendAutomaticallyWhen: (options) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options),
  });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(messages));
  }, [messages]);

  const send = (text: string) => {
    if (!text.trim() || busy) return;
    void sendMessage({ text });
    setInput('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(input);
  };

  return (
    <main className="chat">
      <header className="chat-header">
        <h1>tool-transcript · useChat</h1>
        <button type="button" className="chat-ghost" onClick={() => setMessages([])} disabled={busy}>
          New chat
        </button>
      </header>
      <ol className="chat-messages" aria-label="Messages" data-chat-status={status}>
        {messages.map((message, index) => (
          <li key={message.id} className="chat-message" data-role={message.role}>
            {message.role === 'user' ? (
              <p className="chat-bubble">{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</p>
            ) : (
              <ToolTranscript
                message={message}
                // Only the last message can still be streaming; after stop(), an error or a reload it is not.
                streaming={busy && index === messages.length - 1}
                onToolApprovalResponse={addToolApprovalResponse}
                onToolOutput={addToolOutput}
                toolComponents={toolComponents}
              />
            )}
          </li>
        ))}
      </ol>
      {error ? (
        <p className="chat-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="chat-suggestions">
        {Object.values(PROMPTS).map((prompt) => (
          <button key={prompt} type="button" className="chat-ghost" onClick={() => send(prompt)} disabled={busy}>
            {prompt}
          </button>
        ))}
      </div>
      <form className="chat-form" onSubmit={onSubmit}>
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.target.value)} placeholder="Ask something…" />
        {busy ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit" disabled={!input.trim()}>
            Send
          </button>
        )}
      </form>
    </main>
  );
}
