import { Avatar, type AvatarProps } from '@mantine/core';

/** A person's picture, or their initials on a colour derived from the name. */
export function UserAvatar({
  nickname,
  avatar,
  ...props
}: { nickname: string; avatar: string } & Omit<AvatarProps, 'src' | 'name'>) {
  return (
    <Avatar src={avatar || null} name={nickname} color="initials" alt="" radius="xl" {...props} />
  );
}
