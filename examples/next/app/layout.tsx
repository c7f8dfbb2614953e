import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import 'tool-transcript/styles.css';
// The chat column of examples/chat (its colours come from the transcript's theme).
import '../../chat/src/app.css';

export const metadata: Metadata = {
  title: 'tool-transcript · Next.js',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
