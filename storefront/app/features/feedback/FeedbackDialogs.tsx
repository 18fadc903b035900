import { CallbackDialog } from './CallbackDialog';
import { MessageDialog } from './MessageDialog';
import './feedback.css';

export type FeedbackKind = 'call' | 'message';

interface FeedbackDialogsProps {
  open: FeedbackKind | null;
  onClose: () => void;
}

/**
 * The header's two dialogs, loaded on the first click (Header.tsx imports this module lazily) and then kept,
 * so a closed form still holds what the visitor typed.
 */
export default function FeedbackDialogs({ open, onClose }: FeedbackDialogsProps) {
  return (
    <>
      <CallbackDialog open={open === 'call'} onClose={onClose} />
      <MessageDialog open={open === 'message'} onClose={onClose} />
    </>
  );
}
