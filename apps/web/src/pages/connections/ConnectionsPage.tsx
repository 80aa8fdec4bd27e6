import { can } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { useConnections, useDeleteConnection, useSessionCommand, type SessionCommand } from '../../features/connections/api';
import ConnectionDialog from '../../features/connections/components/ConnectionDialog';
import { ConnectionsTable } from '../../features/connections/components/ConnectionsTable';
import QrCodeDialog from '../../features/connections/components/QrCodeDialog';
import type { ConnectionRow } from '../../features/connections/connectionsCache';
import { toastError } from '../../lib/errors';


type Editing = { open: false } | { open: true; connectionId: number | null };
type Confirming = { kind: 'delete' | 'disconnect'; connection: ConnectionRow } | null;

/** The connections page. The rows stay live through the shell's useConnectionsLive. */
export default function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const list = useConnections();
  const removeConnection = useDeleteConnection();
  const session = useSessionCommand();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [qrFor, setQrFor] = useState<ConnectionRow | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  function runCommand(connection: ConnectionRow, command: SessionCommand) {
    session.mutate({ id: connection.id, command }, { onError: toastError });
  }

  function onCommand(connection: ConnectionRow, command: SessionCommand) {
    // Disconnecting loses the pairing: the phone has to scan again, so ask first.
    if (command === 'disconnect') setConfirming({ kind: 'disconnect', connection });
    else runCommand(connection, command);
  }

  function confirm() {
    if (!confirming) return;
    const { kind, connection } = confirming;
    if (kind === 'disconnect') {
      runCommand(connection, 'disconnect');
      setConfirming(null);
      return;
    }
    removeConnection.mutate(connection.id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: toastError,
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <PageContainer
      title={t('title')}
      testId="connections-page"
      actions={
        can(user, 'connections-page:addConnection') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ open: true, connectionId: null })} data-testid="connections-add">
            {t('add')}
          </Button>
        )
      }
    >
      {(list.isFetching || removeConnection.isPending) && <LinearProgress />}
      <ConnectionsTable
        connections={list.data ?? []}
        loading={list.isPending}
        showSession={can(user, 'connections-page:actionButtons')}
        showActions={can(user, 'connections-page:editOrDeleteConnection')}
        busyId={session.isPending ? (session.variables?.id ?? null) : null}
        onShowQr={setQrFor}
        onCommand={onCommand}
        onEdit={(connection) => setEditing({ open: true, connectionId: connection.id })}
        onDelete={(connection) => setConfirming({ kind: 'delete', connection })}
      />
      {editing.open && <ConnectionDialog connectionId={editing.connectionId} onClose={() => setEditing({ open: false })} />}
      {qrFor && (
        <QrCodeDialog
          connectionId={qrFor.id}
          name={qrFor.name}
          initial={{ qrcode: qrFor.qrcode ?? '', pairingCode: qrFor.pairingCode }}
          onClose={() => setQrFor(null)}
        />
      )}
      <ConfirmationDialog
        open={confirming !== null}
        title={t(confirming?.kind === 'disconnect' ? 'disconnectTitle' : 'deleteTitle', { name: confirming?.connection.name ?? '' })}
        busy={removeConnection.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming?.kind === 'disconnect' ? t('disconnectMessage') : tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
