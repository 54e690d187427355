import { useDateFormatters } from '@/client/i18n/use-date-formatters';

/**
 * When a message was sent, the way chat apps say it (the time alone today,
 * the weekday within the week, else the date; no seconds), with the full
 * date and time as its tooltip.
 */
export function MessageTime({ value, className }: { value: string; className?: string }) {
  const { formatMessageTime, formatFullDateTime } = useDateFormatters();
  return (
    <time dateTime={value} title={formatFullDateTime(value)} className={className} data-testid="message-time">
      {formatMessageTime(value)}
    </time>
  );
}
