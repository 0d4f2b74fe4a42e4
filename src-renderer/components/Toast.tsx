import { useEffect } from 'react';
import './toast.css';

interface ToastProps {
  message: string;
  /** A button beside the message (e.g. "Undo"). */
  action?: { label: string; onClick: () => void };
  /** Closes itself after this long. */
  durationMs?: number;
  onClose: () => void;
  closeLabel: string;
}

/** A short message at the bottom of the window, read out by screen readers, gone after a few seconds. */
export function Toast({ message, action, durationMs = 8000, onClose, closeLabel }: ToastProps) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs, onClose]);
  return (
    <div className="toast" role="status" aria-live="polite">
      <span>{message}</span>
      {action ? (
        <button type="button" className="toast-action" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
      <button type="button" className="button-quiet toast-close" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
