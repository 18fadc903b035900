// The page address (slug) of a new record fills itself from its title as the administrator types it
// («Клей Miralash Pro» → kley-miralash-pro), until they type an address of their own. A saved record's
// address is never changed by editing its title: links to it are out in the world.
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useRecordContext, type TextInputProps } from 'react-admin';
import { slugify } from '@shop/schemas/rules/slug';

export function SlugInput({ from = 'title', ...props }: TextInputProps & { from?: string }) {
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const title: unknown = useWatch({ name: from });
  const own = useRef(Boolean(record?.[props.source]));
  useEffect(() => {
    if (own.current || typeof title !== 'string') return;
    setValue(props.source, slugify(title), { shouldDirty: true, shouldValidate: title !== '' });
  }, [title, props.source, setValue]);
  return (
    <TextInput
      {...props}
      onChange={(e: { target?: { value?: string } }) => {
        own.current = Boolean(e.target?.value);
      }}
    />
  );
}
