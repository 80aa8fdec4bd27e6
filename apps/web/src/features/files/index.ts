export { useFileListOptions } from './api';
