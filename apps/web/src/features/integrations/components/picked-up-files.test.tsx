import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES, type PickupFileDto } from '@courier/shared/schemas/integrations';
import { PickedUpFiles, pickupOutcome } from './picked-up-files';

const file = (over: Partial<PickupFileDto>): PickupFileDto => ({
  name: 'week-48.xlsx',
  importId: 7,
  error: null,
  totalRows: 150,
  imported: 150,
  refused: 0,
  needsFix: false,
  takenAt: '2026-11-27T14:00:00.000Z',
  ...over,
});

describe('the files picked up from the agent’s folder', () => {
  it('shows each file’s rows imported and refused, with its error report, never "fine" when rows were refused', () => {
    render(
      <PickedUpFiles
        files={[
          file({ name: 'bad.xlsx', imported: 0, refused: 150, needsFix: true }),
          file({ name: 'good.csv', importId: 8 }),
          file({
            name: 'broken.xlsx',
            importId: null,
            imported: null,
            refused: null,
            totalRows: null,
            error: 'not readable',
            needsFix: true,
          }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Files picked up' });
    const [bad, good, broken] = within(list).getAllByRole('listitem');
    expect(bad).toHaveTextContent('0 of 150 rows imported, 150 refused');
    expect(bad).toHaveTextContent('Needs a fix');
    expect(within(bad as HTMLElement).getByRole('button', { name: 'Report of bad.xlsx' })).toHaveTextContent('Error report');
    expect(good).toHaveTextContent('150 of 150 rows imported');
    expect(broken).toHaveTextContent('not readable');
    expect(within(broken as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByText(PICKUP_MESSAGES.fixHint)).toBeInTheDocument();
    expect(pickupOutcome(file({ imported: 140, refused: 10 }))).toBe('140 of 150 rows imported, 10 refused');
  });
});
