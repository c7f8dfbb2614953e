import type { ToolCardLabelOverrides } from '../../src/react/index.js';

/** Every string of the card in German: the labels story and the label tests use it. */
export const GERMAN: ToolCardLabelOverrides = {
  states: {
    'input-streaming': 'Eingabe läuft',
    'input-available': 'Läuft',
    'approval-requested': 'Wartet auf Freigabe',
    'approval-responded': 'Freigabe beantwortet',
    'output-available': 'Fertig',
    'output-error': 'Fehler',
    'output-denied': 'Abgelehnt',
  },
  called: 'Aufgerufen',
  input: 'Eingabe',
  output: 'Ausgabe',
  error: 'Fehlermeldung',
  approval: 'Freigabe',
  approve: 'Erlauben',
  deny: 'Ablehnen',
  approvalQuestion: 'Darf {tool} mit dieser Eingabe laufen?',
  waitingForApproval: 'Wartet auf Freigabe.',
  denied: 'Abgelehnt',
  copy: 'Kopieren',
  copied: 'Kopiert',
  copyFailed: 'Kopieren fehlgeschlagen',
  copyInput: 'Eingabe von {tool} kopieren',
  copyOutput: 'Ausgabe von {tool} kopieren',
  copyError: 'Fehlermeldung von {tool} kopieren',
  copyField: '{field} von {tool} kopieren',
  valueLabel: '{part} von {tool}',
  toolCall: 'Werkzeugaufruf {tool}',
  receivingInput: 'Eingabe wird empfangen',
};
