import { MESSAGES_API, UPLOADS, formatMegabytes } from '@atende/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Code({ children }: { children: ReactNode }) {
  return (
    <Box component="pre" sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto', fontSize: 13, m: 0 }}>
      {children}
    </Box>
  );
}

/** How to send text and files through the API: the endpoint, its headers, bodies and answers. */
export function MessagesApiDocs() {
  const { t } = useTranslation('messagesApi');
  const endpoint = `${window.location.origin}${MESSAGES_API.path}`;
  const errors: Array<[string, string]> = [
    ['401 ERR_INVALID_API_TOKEN', t('errors.token')],
    ['400 ERR_VALIDATION', t('errors.validation')],
    ['400 ERR_WAPP_INVALID_CONTACT', t('errors.number')],
    ['409 ERR_WAPP_NOT_INITIALIZED', t('errors.connection')],
    ['403 ERR_PLAN_FEATURE_DISABLED', t('errors.plan')],
    ['413 ERR_FILE_TOO_LARGE', t('errors.fileTooLarge', { size: formatMegabytes(UPLOADS.mediaMaxBytes) })],
    ['409 ERR_IDEMPOTENCY_KEY_REUSED', t('errors.idempotency')],
    ['429 ERR_TOO_MANY_REQUESTS', t('errors.rate', { count: MESSAGES_API.perMinute })],
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="messages-api-docs">
      <Typography>{t('intro')}</Typography>
      <Typography variant="subtitle1" component="h2">{t('endpoint')}</Typography>
      <Code>{`POST ${endpoint}`}</Code>
      <Typography variant="subtitle1" component="h2">{t('headers')}</Typography>
      <Code>{'Authorization: Bearer <token>\nIdempotency-Key: <' + t('optionalKey') + '>'}</Code>
      <Typography variant="body2">{t('tokenHelp')}</Typography>
      <Typography variant="body2">{t('idempotencyHelp')}</Typography>

      <Typography variant="subtitle1" component="h2">{t('textTitle')}</Typography>
      <Code>{`curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -H "Content-Type: application/json" \\\n  -d '{ "number": "5511999999999", "body": "${t('exampleText')}" }'`}</Code>
      <Typography variant="body2">{t('fields')}</Typography>

      <Typography variant="subtitle1" component="h2">{t('mediaTitle')}</Typography>
      <Code>{`curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -F number=5511999999999 \\\n  -F "body=${t('exampleCaption')}" \\\n  -F medias=@${t('exampleFile')}`}</Code>
      <Typography variant="body2">{t('mediaHelp', { size: formatMegabytes(UPLOADS.mediaMaxBytes), count: UPLOADS.filesPerMessage })}</Typography>

      <Typography variant="subtitle1" component="h2">{t('answers')}</Typography>
      <Code>{`200 { "ticketId": 12, "contactId": 34, "number": "5511999999999",\n      "messages": [{ "id": 56, "body": "${t('exampleText')}", "delivery": "pending", ... }] }`}</Code>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {errors.map(([code, text]) => (
          <li key={code}>
            <Typography variant="body2"><code>{code}</code>: {text}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2">
        {t('reference')} <Link href="/api/docs" target="_blank" rel="noopener">/api/docs</Link> · <Link href="/api/docs/openapi.json" target="_blank" rel="noopener">openapi.json</Link>
      </Typography>
    </Box>
  );
}
