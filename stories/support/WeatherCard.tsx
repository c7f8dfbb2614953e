import type { ToolComponentProps } from '../../src/react/index.js';

interface WeatherInput {
  city?: string;
}

interface WeatherOutput {
  temperature_c?: number;
  conditions?: string;
  wind_kmh?: number;
}

const cardStyle = {
  display: 'grid',
  gap: '0.25rem',
  padding: '0.75rem 1rem',
  border: '1px solid #d1d9e0',
  borderRadius: 12,
  background: '#f0f6ff',
  color: '#1f2328',
  fontFamily: 'system-ui, sans-serif',
  maxWidth: '20rem',
} as const;

/**
 * A custom renderer for the `weather` tool: a small forecast card instead of the default tool card,
 * with something to say in each state.
 */
export function WeatherCard({ tool }: ToolComponentProps) {
  const input = (tool.input ?? {}) as WeatherInput;
  const city = input.city ?? 'somewhere';
  const output = (tool.output ?? {}) as WeatherOutput;
  return (
    <article aria-label={`Weather in ${city}`} style={cardStyle} data-testid="weather-card">
      <h3 style={{ margin: 0, fontSize: '1rem' }}>Weather in {city}</h3>
      {tool.state === 'output-available' ? (
        <>
          <p style={{ margin: 0, fontSize: '1.75rem', fontWeight: 600 }}>{output.temperature_c} °C</p>
          <p style={{ margin: 0 }}>
            {output.conditions}
            {output.wind_kmh !== undefined ? `, wind ${output.wind_kmh} km/h` : ''}
          </p>
        </>
      ) : tool.state === 'output-error' ? (
        <p style={{ margin: 0, color: '#a40e26' }}>No forecast: {tool.errorText}</p>
      ) : (
        <p style={{ margin: 0, color: '#59636e' }}>Looking up the forecast…</p>
      )}
    </article>
  );
}
