import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { RemoteArea } from '../remotes/RemoteArea';
import styles from '../shell.module.css';

interface ContactDialogControl {
  openContact: () => void;
}

const ContactContext = createContext<ContactDialogControl | null>(null);

/** Hosts mf_marketing's `./ContactDialog` (loaded on first use) so header and footer can open it anywhere. */
export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const openContact = useCallback(() => {
    setRequested(true);
    setOpen(true);
  }, []);
  const onClose = useCallback(() => setOpen(false), []);
  const control = useMemo(() => ({ openContact }), [openContact]);
  return (
    <ContactContext.Provider value={control}>
      {children}
      {requested && (
        <div className={open ? styles.contactHost : undefined}>
          <RemoteArea
            name="mf_marketing"
            expose="./ContactDialog"
            props={{ open, onClose }}
            loadingFallback={null}
            onClose={open ? onClose : undefined}
          />
        </div>
      )}
    </ContactContext.Provider>
  );
}

export function useContactDialog(): ContactDialogControl {
  const control = useContext(ContactContext);
  if (!control) throw new Error('useContactDialog() must be used inside <ContactDialogProvider>');
  return control;
}
