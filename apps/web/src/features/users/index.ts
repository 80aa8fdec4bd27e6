export { useConnectionOptions, useUserOptions } from './api';
export { default as UserDialog } from './components/UserDialog';
