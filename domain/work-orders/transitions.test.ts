import { describe, expect, it } from 'vitest';
import { WrongStateError } from '../errors';
import { assertStaffTransition, nextStaffStatuses } from './transitions';

describe('staff status transitions', () => {
  it('moves Pending -> In Progress -> Complete, and any open order to Cancelled', () => {
    expect(nextStaffStatuses('Pending')).toEqual(['In Progress', 'Cancelled']);
    expect(nextStaffStatuses('In Progress')).toEqual(['Complete', 'Cancelled']);
    expect(() => assertStaffTransition('Pending', 'In Progress')).not.toThrow();
    expect(() => assertStaffTransition('In Progress', 'Complete')).not.toThrow();
    expect(() => assertStaffTransition('Pending', 'Cancelled')).not.toThrow();
    expect(() => assertStaffTransition('In Progress', 'Cancelled', 'In Progress')).not.toThrow();
  });

  it.each([
    ['Pending', 'Complete'],
    ['Complete', 'In Progress'],
    ['Complete', 'Cancelled'],
    ['Cancelled', 'Pending'],
    ['In Progress', 'Pending'],
  ] as const)('refuses %s -> %s with a 409 error that says so', (from, to) => {
    const attempt = () => assertStaffTransition(from, to);
    expect(attempt).toThrow(WrongStateError);
    expect(attempt).toThrow(`A work order that is ${from} cannot be set to ${to}.`);
  });

  it('refuses a change to the status it already has, and one made from a stale screen', () => {
    expect(() => assertStaffTransition('In Progress', 'In Progress')).toThrow('This work order is already In Progress.');
    expect(() => assertStaffTransition('Cancelled', 'Complete', 'In Progress')).toThrow(
      /This work order is now Cancelled \(it was In Progress on your screen\)/,
    );
  });

  it('allows nothing from a status it does not know (put in by SQL)', () => {
    expect(nextStaffStatuses('On Hold')).toEqual([]);
  });
});
