import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { FeedbackBannerSlot } from './feedback-banner-slot';

describe('<FeedbackBannerSlot/>', () => {
  it('renders nothing and pushes nothing down without a banner', () => {
    render(
      <FeedbackBannerSlot>
        <p>page</p>
      </FeedbackBannerSlot>,
    );
    expect(screen.queryByTestId('feedback-banner-slot')).toBeNull();
    const content = screen.getByTestId('feedback-banner-content');
    expect(content.style.paddingTop).toBe('');
    expect(content.style.getPropertyValue('--feedback-banner-offset')).toBe('');
  });

  it('pushes the page down by LIMITS.feedbackBannerOffsetPx (72 px) while a banner shows', () => {
    expect(LIMITS.feedbackBannerOffsetPx).toBe(72);
    render(
      <FeedbackBannerSlot banner={<p>Tell us what you think</p>}>
        <p>page</p>
      </FeedbackBannerSlot>,
    );
    const slot = screen.getByTestId('feedback-banner-slot');
    expect(slot.textContent).toBe('Tell us what you think');
    expect(slot.style.height).toBe('72px');
    const content = screen.getByTestId('feedback-banner-content');
    expect(content.style.paddingTop).toBe('72px');
    expect(content.style.getPropertyValue('--feedback-banner-offset')).toBe('72px');
  });
});
