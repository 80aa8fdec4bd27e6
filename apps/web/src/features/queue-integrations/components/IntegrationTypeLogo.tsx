import type { IntegrationType } from '@atende/contract';
import Box from '@mui/material/Box';

/** A small drawn mark per type (not the services' own logos), with the type's name for screen readers. */
const MARKS: Record<IntegrationType, { color: string; path: string }> = {
  // a chat bubble
  typebot: { color: '#0042da', path: 'M5 6h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-8l-4 3v-3H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z' },
  // three linked nodes
  n8n: { color: '#ea4b71', path: 'M4 12a2 2 0 1 0 4 0 2 2 0 1 0-4 0M10 7a2 2 0 1 0 4 0 2 2 0 1 0-4 0M10 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0M16 12a2 2 0 1 0 4 0 2 2 0 1 0-4 0M8 11l2.2-2.6M8 13l2.2 2.6M14 8.4l2.2 2.6M14 15.6l2.2-2.6' },
  // a hook
  webhook: { color: '#6d4c41', path: 'M12 3v8a4 4 0 1 1-4 4M12 3l-3 3M12 3l3 3' },
  // a speech wave
  dialogflow: { color: '#ff9800', path: 'M12 3l7 4v10l-7 4-7-4V7zM9 10v4M12 8.5v7M15 10v4' },
};

export function IntegrationTypeLogo({ type, label }: { type: IntegrationType; label: string }) {
  const mark = MARKS[type] ?? MARKS.webhook;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 32, height: 32, borderRadius: '50%', bgcolor: `${mark.color}1f` }}>
      <svg width="20" height="20" viewBox="0 0 24 24" role="img" aria-label={label} data-testid={`integration-logo-${type}`}>
        <title>{label}</title>
        <path d={mark.path} fill="none" stroke={mark.color} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}
