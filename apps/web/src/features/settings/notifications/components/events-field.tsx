import { notificationEvents, type NotificationEvent } from '@vigil/domain';
import { cx, focusRing } from '@/ui/class-names.ts';

export const eventsRequiredMessage = 'Please select at least one event';

/** The required Events multi-select: one checkbox per event of spec 002 §9. */
export function EventsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly NotificationEvent[];
  onChange: (events: NotificationEvent[]) => void;
  error: boolean;
  disabled: boolean;
}) {
  const toggle = (event: NotificationEvent, on: boolean): void =>
    onChange(on ? [...value, event] : value.filter((e) => e !== event));
  return (
    <fieldset
      className="space-y-1"
      aria-describedby={error ? 'notification-events-error' : undefined}
    >
      <legend className="text-sm font-medium">Events (required)</legend>
      <div className="grid grid-cols-2 sm:grid-cols-3 gap-x-3 overflow-auto rounded-md border border-border p-2">
        {notificationEvents.map((event) => (
          <label key={event} className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              className={cx(focusRing)}
              checked={value.includes(event)}
              disabled={disabled}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            {event}
          </label>
        ))}
      </div>
      {error && (
        <p id="notification-events-error" role="alert" className="text-xs text-unhealthy">
          {eventsRequiredMessage}
        </p>
      )}
    </fieldset>
  );
}
