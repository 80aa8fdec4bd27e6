import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { TodoList } from '../../features/todo/components/TodoList';

export default function TodoListPage() {
  const { t } = useTranslation('todo');
  return (
    <PageContainer title={t('title')} testId="todo-page">
      <TodoList />
    </PageContainer>
  );
}
