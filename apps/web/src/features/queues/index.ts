export { useQueueOptions } from './api';
export { QueueMultiSelect } from './components/QueueMultiSelect';
