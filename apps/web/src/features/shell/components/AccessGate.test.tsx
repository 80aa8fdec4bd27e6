import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { ACCESS } from '../access';
import { AccessGate } from './AccessGate';

const DENIED = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

function routes() {
  return (
    <Routes>
      <Route path="/" element={<p>Início</p>} />
      <Route path="/kanban" element={<AccessGate rule={ACCESS.kanban}><p>Quadro</p></AccessGate>} />
      <Route path="/announcements" element={<AccessGate rule={ACCESS.announcements}><p>Informativos</p></AccessGate>} />
    </Routes>
  );
}

describe('<AccessGate>', () => {
  it('opens a page the plan allows', () => {
    renderWithApp(routes(), { user: sessionUser(), route: '/kanban' });
    expect(screen.getByText('Quadro')).toBeTruthy();
  });

  it('refuses a page the plan lacks, then goes to / after 1 s', async () => {
    renderWithApp(routes(), { user: sessionUser({}, { useKanban: false }), route: '/kanban' });
    expect(screen.queryByText('Quadro')).toBeNull();
    expect(screen.getByTestId('access-denied')).toBeTruthy();
    expect(await screen.findByText(DENIED)).toBeTruthy();
    expect(screen.queryByText('Início')).toBeNull();
    expect(await screen.findByText('Início', undefined, { timeout: 2_000 })).toBeTruthy();
  });

  it('keeps announcements for the super user', async () => {
    renderWithApp(routes(), { user: sessionUser(), route: '/announcements' });
    expect(screen.getByTestId('access-denied')).toBeTruthy();
    expect(await screen.findByText('Início', undefined, { timeout: 2_000 })).toBeTruthy();
  });

  it('lets the super user in', () => {
    renderWithApp(routes(), { user: sessionUser({ super: true }), route: '/announcements' });
    expect(screen.getByText('Informativos')).toBeTruthy();
  });
});
