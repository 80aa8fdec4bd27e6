import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { TodoList } from './TodoList';

const stored = () => JSON.parse(localStorage.getItem('tasks') ?? '[]') as { text: string; id: number; createdAt: string }[];

describe('<TodoList>', () => {
  it('ignores empty and whitespace-only text', async () => {
    const user = userEvent.setup();
    renderWithApp(<TodoList />);
    await user.click(screen.getByTestId('todo-add'));
    await user.type(screen.getByTestId('todo-input'), '    ');
    await user.click(screen.getByTestId('todo-add'));
    expect(screen.queryByTestId('todo-item-0')).toBeNull();
    expect(localStorage.getItem('tasks')).toBeNull();
  });

  it('adds tasks and keeps them under the key tasks', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<TodoList />);
    await user.type(screen.getByTestId('todo-input'), '  Ligar para o cliente ');
    await user.click(screen.getByTestId('todo-add'));
    await user.type(screen.getByTestId('todo-input'), 'Enviar proposta{Enter}');

    expect(screen.getByTestId('todo-item-0').textContent).toContain('Ligar para o cliente');
    expect(screen.getByTestId('todo-item-1').textContent).toContain('Enviar proposta');
    expect((screen.getByTestId('todo-input') as HTMLInputElement).value).toBe('');
    const tasks = stored();
    expect(tasks.map((t) => t.text)).toEqual(['Ligar para o cliente', 'Enviar proposta']);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(2);
    expect(Number.isNaN(Date.parse(tasks[0].createdAt))).toBe(false);

    // A fresh mount (a reload) reads them back.
    first.unmount();
    renderWithApp(<TodoList />);
    expect(screen.getByTestId('todo-item-1').textContent).toContain('Enviar proposta');
  });

  it('edits and deletes a task', async () => {
    localStorage.setItem('tasks', JSON.stringify([
      { id: 1, text: 'Primeira', createdAt: '2026-01-01T10:00:00.000Z' },
      { id: 2, text: 'Segunda', createdAt: '2026-01-01T11:00:00.000Z' },
    ]));
    const user = userEvent.setup();
    renderWithApp(<TodoList />);

    await user.click(screen.getByTestId('todo-edit-0'));
    const input = screen.getByTestId('todo-input') as HTMLInputElement;
    expect(input.value).toBe('Primeira');
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByTestId('todo-add'));
    expect(stored()[0].text).toBe('Primeira');
    await user.clear(input);
    await user.type(input, 'Primeira revisada');
    await user.click(screen.getByTestId('todo-add'));
    expect(stored().map((t) => t.text)).toEqual(['Primeira revisada', 'Segunda']);

    await user.click(screen.getByTestId('todo-delete-0'));
    expect(stored().map((t) => t.text)).toEqual(['Segunda']);
    expect(screen.getByTestId('todo-item-0').textContent).toContain('Segunda');
  });

  it('survives a corrupt stored value', () => {
    localStorage.setItem('tasks', '{not json');
    renderWithApp(<TodoList />);
    expect(screen.getByTestId('todo-empty')).toBeTruthy();
  });
});
