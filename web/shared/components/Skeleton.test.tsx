import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is busy, names what is loading for a screen reader and hides its shapes from it', () => {
    render(<Skeleton label="Loading quotes..." count={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading quotes...');
    expect(status.querySelectorAll('.skeleton-card')).toHaveLength(2);
    expect(status.querySelector('.skeleton-items')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws list rows with a badge-shaped pill', () => {
    render(<Skeleton label="Loading dashboard..." shape="rows" count={3} />);
    expect(screen.getByRole('status').querySelectorAll('.skeleton-row .skeleton-pill')).toHaveLength(3);
  });
});
