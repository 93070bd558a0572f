import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '@/test/fake-api';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

function boxOf(width: number) {
  return { width, height: 192, top: 0, left: 0, right: width, bottom: 192, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
}

describe('SignaturePad', () => {
  it('keeps a drawn signature when its box changes size (a tablet turned, a scrollbar gone)', () => {
    stubCanvas();
    const rect = vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(boxOf(600));
    const onChange = vi.fn();
    const pad = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={pad} onChange={onChange} label="Signature box" />);
    const canvas = screen.getByRole('img', { name: 'Signature box' }) as HTMLCanvasElement;

    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 80, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(true);

    rect.mockReturnValue(boxOf(585));
    fireEvent(window, new Event('resize'));

    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(pad.current?.toDataUrl()).toMatch(/^data:image\/png/);
    expect(canvas.getContext('2d')?.drawImage).toHaveBeenCalled();
  });

  it('starts empty again when the clerk clears it', () => {
    stubCanvas();
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(boxOf(600));
    const onChange = vi.fn();
    const pad = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={pad} onChange={onChange} label="Signature box" />);
    const canvas = screen.getByRole('img', { name: 'Signature box' }) as HTMLCanvasElement;
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 80, clientY: 40, pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(pad.current?.toDataUrl()).toBeNull();
  });
});
