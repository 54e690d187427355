import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextareaField, TextField } from './form-field';

function RegisteredField({ initial, resetTo }: { initial: string; resetTo: string }) {
  const { register, reset } = useForm({ defaultValues: { name: initial } });
  return (
    <>
      <TextField label="Name" limit={10} {...register('name')} />
      <button type="button" onClick={() => reset({ name: resetTo })}>
        reset
      </button>
    </>
  );
}

describe('character limit of <TextField/> and <TextareaField/>', () => {
  it('counts a value react-hook-form puts into the field, also after reset()', async () => {
    const user = userEvent.setup();
    render(<RegisteredField initial="123456789" resetTo="12" />);
    const name = screen.getByLabelText('Name');
    expect(screen.getByTestId('character-count').textContent).toBe('9/109 of 10 characters');
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByTestId('character-count').id);
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.queryByTestId('character-count')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
  });

  it('counts a controlled value and keeps a hint beside the counter', () => {
    render(<TextareaField label="Notes" hint="Optional" limit={10} value={'x'.repeat(12)} onChange={() => {}} />);
    const notes = screen.getByLabelText('Notes');
    expect(notes.getAttribute('maxLength')).toBeNull();
    expect(screen.getByTestId('character-count').textContent).toBe('12/1012 of 10 characters: 2 too many');
    const described = (notes.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Optional',
      '12/1012 of 10 characters: 2 too many',
    ]);
  });

  it('shows no counter for a field without a limit', async () => {
    const user = userEvent.setup();
    render(<TextField label="Free" />);
    await user.type(screen.getByLabelText('Free'), 'x'.repeat(30));
    expect(screen.queryByTestId('character-count')).toBeNull();
  });
});
