import { fireEvent, render, screen } from '@testing-library/react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyTableRow, RowAction, RowActionsCell } from './RowActions';

const inTable = (children: ReactNode) => (
  <Table>
    <TableBody>{children}</TableBody>
  </Table>
);

describe('<RowActionsCell>', () => {
  it('offers edit and delete by name, extra actions first, and each calls its own handler', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const onOpen = vi.fn();
    render(
      inTable(
        <TableRow>
          <RowActionsCell testIdPrefix="tag" id={7} onEdit={onEdit} onDelete={onDelete}>
            <RowAction title="Abrir" icon={<span />} onClick={onOpen} testId="tag-open-7" />
          </RowActionsCell>
        </TableRow>,
      ),
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-testid'))).toEqual(['tag-open-7', 'tag-edit-7', 'tag-delete-7']);
    fireEvent.click(screen.getByTestId('tag-delete-7'));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByTestId('tag-edit-7').getAttribute('aria-label')).toBeTruthy();
  });

  it('shows no delete button without its handler (no permission)', () => {
    render(inTable(<TableRow><RowActionsCell testIdPrefix="user" id={1} onEdit={() => {}} /></TableRow>));
    expect(screen.queryByTestId('user-delete-1')).toBeNull();
    expect(screen.getByTestId('user-edit-1')).toBeTruthy();
  });
});

describe('<EmptyTableRow>', () => {
  it('says there is nothing only when asked to', () => {
    const { rerender } = render(inTable(<EmptyTableRow show={false} colSpan={3} testId="tags-empty" />));
    expect(screen.queryByTestId('tags-empty')).toBeNull();
    rerender(inTable(<EmptyTableRow show colSpan={3} testId="tags-empty" />));
    expect(screen.getByTestId('tags-empty').getAttribute('colspan')).toBe('3');
  });
});
