export { KanbanBoardView } from './components/KanbanBoardView';
