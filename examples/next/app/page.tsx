'use client';

import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';
import { useEffect, useState, type FormEvent } from 'react';
import { ToolTranscript } from 'tool-transcript/react';
import { PROMPTS } from '../../chat/server/script';
import { TimeZoneCard } from '../../chat/src/TimeZoneCard';

const STORAGE_KEY = 'tool-transcript-example-next';

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

export default function ChatPage() {
  const { messages, setMessages, sendMessage, status, stop, error, addToolApprovalResponse, addToolOutput } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    // The next step starts by itself once every call has its answer (an approval, a client tool's output).
    sendAutomaticallyWhen: (options) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options),
  });
  const [input, setInput] = useState('');
  // The page is rendered on the server too, where there is no localStorage: the saved
  // conversation comes back after hydration, and is saved only from then on.
  const [restored, setRestored] = useState(false);
  const busy = status === 'submitted' || status === 'streaming';

  useEffect(() => {
    setMessages(savedMessages());
    setRestored(true);
  }, [setMessages]);
  useEffect(() => {
    if (restored) localStorage.setItem(STORAGE_KEY, JSON.stringify(messages));
  }, [messages, restored]);

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
    <main className="chat" data-restored={restored}>
      <header className="chat-header">
        <h1>tool-transcript · Next.js</h1>
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
          <button key={prompt} type="button" className="chat-ghost" onClick={() => send(prompt)} disabled={busy || !restored}>
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
          <button type="submit" disabled={!input.trim() || !restored}>
            Send
          </button>
        )}
      </form>
    </main>
  );
}
