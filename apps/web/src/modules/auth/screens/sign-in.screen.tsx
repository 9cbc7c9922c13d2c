import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { SIGN_IN_MESSAGES } from '@panel/contracts/auth';
import { useSignIn } from '../api/session';

// The sign-in contract's messages, so an empty field is explained before any request is sent.
const REQUIRED = { username: SIGN_IN_MESSAGES.usernameRequired, password: SIGN_IN_MESSAGES.passwordRequired } as const;

/** /auth: username and password. Failures are shown by the global toast with the §8 message. */
export function SignInScreen() {
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = {
    username: username.trim() === '' ? REQUIRED.username : undefined,
    password: password === '' ? REQUIRED.password : undefined,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.username || errors.password) return;
    signIn.mutate({ username: username.trim(), password });
  };

  return (
    <Box minH="100dvh" display="grid" placeItems="center" bg="bg.subtle" p="4">
      <Box asChild bg="bg" borderWidth="1px" rounded="l3" shadow="sm" p="8" w="full" maxW="sm">
        <form onSubmit={submit} noValidate>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="xl">
              ورود به پنل
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              با نام کاربری و رمز عبور سازمانی خود وارد شوید.
            </Text>
          </Stack>
          <Field.Root invalid={touched && !!errors.username} required>
            <Field.Label>نام کاربری</Field.Label>
            <Input name="username" autoComplete="username" dir="ltr" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
            <Field.ErrorText>{errors.username}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={touched && !!errors.password} required>
            <Field.Label>رمز عبور</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="lg" loading={signIn.isPending} loadingText="در حال ورود...">
            ورود
          </Button>
        </Stack>
        </form>
      </Box>
    </Box>
  );
}
