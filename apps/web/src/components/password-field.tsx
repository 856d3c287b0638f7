import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * PasswordInput with a show/hide toggle named 'Show' or 'Hide', so the toggle's name does not
 * compete with the field's label ("Password") for assistive technology and tests.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={isVisible}
      onVisibilityChange={setIsVisible}
      visibilityToggleButtonProps={{ 'aria-label': isVisible ? 'Hide' : 'Show' }}
    />
  );
}
