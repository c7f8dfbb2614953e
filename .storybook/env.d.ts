// Vite's client types: CSS side-effect imports (`import '../src/styles.css'`), `import.meta.env`.
/// <reference types="vite/client" />
