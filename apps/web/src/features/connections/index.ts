export { connectionsKeys, useConnections } from './api';
export { ConnectionStatusLabel } from './components/ConnectionStatusLabel';
export { hasConnectionProblem, type ConnectionRow } from './connectionsCache';
export { ConnectionsLiveSync } from './useConnectionsLive';
export { useSimulatorAccess, useSimulatorEnabled, type SimulatorAccess } from './useSimulatorEnabled';
