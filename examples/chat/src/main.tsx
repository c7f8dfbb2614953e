import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'tool-transcript/styles.css';
import './app.css';
import { App } from './App.js';

// `?theme=dark` / `?theme=light` force a theme (the transcript follows `data-theme` on an ancestor).
const theme = new URLSearchParams(location.search).get('theme');
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
