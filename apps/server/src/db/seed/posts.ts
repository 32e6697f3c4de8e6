import type { sysPost } from '../schema';

type PostSeed = Pick<typeof sysPost.$inferInsert, 'postId' | 'postCode' | 'postName' | 'postSort'>;

export const seedPosts: PostSeed[] = [
  { postId: 1, postCode: 'ceo', postName: '董事长', postSort: 1 },
  { postId: 2, postCode: 'se', postName: '项目经理', postSort: 2 },
  { postId: 3, postCode: 'hr', postName: '人力资源', postSort: 3 },
  { postId: 4, postCode: 'user', postName: '普通员工', postSort: 4 },
];
