import { Center, Loader } from '@mantine/core';

/** What shows while a screen's chunk loads. */
export function ScreenLoader({ h = '100vh' }: { h?: string }) {
  return (
    <Center h={h}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
