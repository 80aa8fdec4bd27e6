import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { MessagesApiDocs } from '../../features/messages-api/components/MessagesApiDocs';
import { TestSendForm } from '../../features/messages-api/components/TestSendForm';

/** /messages-api: the external API's documentation and its test forms (plan flag useExternalApi). */
export default function MessagesApiPage() {
  const { t } = useTranslation('messagesApi');
  return (
    <PageContainer title={t('title')} testId="messages-api-page">
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <MessagesApiDocs />
        <Divider />
        <TestSendForm kind="text" />
        <Divider />
        <TestSendForm kind="media" />
      </Box>
    </PageContainer>
  );
}
