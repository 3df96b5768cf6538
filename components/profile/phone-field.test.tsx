/** @jest-environment jsdom */
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { PhoneField } from './phone-field';

function setup() {
  const onChange = jest.fn();
  render(<PhoneField label="Phone number" defaultValue="+1" onChange={onChange} />);
  const input = screen.getByLabelText('Phone number') as HTMLInputElement;
  fireEvent.focus(input);
  return { input, onChange };
}

describe('PhoneField', () => {
  it.each(['e', 'E', '+', '-', '.'])('refuses %p', (key) => {
    const { input } = setup();
    const event = createEvent.keyDown(input, { key });
    fireEvent(input, event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets digits through', () => {
    const { input } = setup();
    const event = createEvent.keyDown(input, { key: '5' });
    fireEvent(input, event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('shows what is typed as +1 (xxx) xxx-xxxx and tells the form', () => {
    const { input, onChange } = setup();
    fireEvent.change(input, { target: { value: '+15551234567' } });
    expect(input.value).toBe('+1 (555) 123-4567');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('a Backspace over a bracket or space takes the digit before it', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '+1 (555) 1' } });
    expect(input.value).toBe('+1 (555) 1');
    fireEvent.change(input, { target: { value: '+1 (555)1' } });
    expect(input.value).toBe('+1 (555');
    fireEvent.change(input, { target: { value: '+1 (55' } });
    expect(input.value).toBe('+1 (55');
  });

  it('in the middle, too', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '+1 (555) 123' } });
    // As the browser does: the value changes (past React's tracker), the caret stays where it was.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
      input,
      '+1 (555 123',
    );
    input.setSelectionRange(7, 7);
    fireEvent.input(input);
    expect(input.value).toBe('+1 (551) 23');
  });

  it('keeps the +1 when everything is deleted', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('+1');
  });
});
