// Under a record's edit form: the records of another resource that refer to it (a customer's orders, bonus
// ledger, subscriptions; x-form.related), ten at a time, newest first, each opening on a click. A role that
// may not list that resource is told so instead of a failing request.
import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Pagination, ReferenceManyField, useCanAccess, type SortPayload } from 'react-admin';

export function RelatedRecords(props: {
  label: string;
  reference: string;
  target: string;
  sort: SortPayload;
  /** A hand-written piece shown above the list (the bonus balance with its adjust form). */
  extra?: ReactElement;
  children: ReactNode;
}) {
  const { canAccess, isPending } = useCanAccess({ resource: props.reference, action: 'list' });
  if (isPending) return null;
  return (
    <Box component="section" sx={{ px: 2, pb: 2 }} aria-label={props.label}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {props.label}
      </Typography>
      {canAccess ? (
        <>
          {props.extra}
          <ReferenceManyField
            reference={props.reference}
            target={props.target}
            sort={props.sort}
            perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10]} />}
            empty={<Typography variant="body2">Пока нет</Typography>}
          >
            {props.children}
          </ReferenceManyField>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Раздел недоступен вашей роли
        </Typography>
      )}
    </Box>
  );
}
