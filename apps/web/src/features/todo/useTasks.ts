import { STORAGE_KEYS } from '@atende/contract';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';

/** A to-do entry; the list lives only in this browser. */
export interface Task {
  id: number;
  text: string;
  createdAt: string;
}

function isTask(value: unknown): value is Task {
  const task = value as Partial<Task> | null;
  return Boolean(task) && typeof task?.text === 'string' && typeof task?.id === 'number';
}

export function readTasks(): Task[] {
  const raw = readStored(STORAGE_KEYS.tasks);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

function nextId(tasks: Task[]): number {
  const now = Date.now();
  return tasks.some((task) => task.id >= now) ? Math.max(...tasks.map((task) => task.id)) + 1 : now;
}

export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(readTasks);

  const commit = useCallback((update: (current: Task[]) => Task[]) => {
    setTasks((current) => {
      const next = update(current);
      writeStored(STORAGE_KEYS.tasks, JSON.stringify(next));
      return next;
    });
  }, []);

  /** Returns false when the text is blank: a blank entry is ignored. */
  const addTask = useCallback(
    (text: string) => {
      const clean = text.trim();
      if (!clean) return false;
      commit((current) => [...current, { id: nextId(current), text: clean, createdAt: new Date().toISOString() }]);
      return true;
    },
    [commit],
  );

  const updateTask = useCallback(
    (id: number, text: string) => {
      const clean = text.trim();
      if (!clean) return false;
      commit((current) => current.map((task) => (task.id === id ? { ...task, text: clean } : task)));
      return true;
    },
    [commit],
  );

  const removeTask = useCallback(
    (id: number) => commit((current) => current.filter((task) => task.id !== id)),
    [commit],
  );

  return { tasks, addTask, updateTask, removeTask };
}
