/**
 * Demo organisation data (fictional people and codes) so every system list has something to show.
 * Area codes are real Shaanxi codes from ./areas.ts; township and community names are real ones under those districts.
 * Unified social credit codes carry a valid GB 32100-2015 check character (and the embedded 9-character
 * organisation code a valid GB 11714 check digit); ID cards follow GB 11643 with a valid ISO 7064 MOD 11-2 check
 * digit, a Shaanxi district prefix, the member's birth date and a sequence digit whose parity matches the gender.
 */

export interface OrgUnitSeed { key: string; name: string; en: string; parentKey: string | null; level: 1 | 2 | 3 | 4 | 5; areaCode: string }
export interface DepartmentSeed { key: string; name: string; en: string; creditCode: string; areaCode: string; sort: number; remark?: string; /** the user who leads it (the workflow's "initiator's leader") */ leaderKey?: string }
export interface PostSeed { key: string; name: string; en: string; code: string; departmentKey: string; sort: number }
export interface MemberSeed {
  key: string; name: string; en: string; loginName: string; postKey: string; departmentKey: string; gender: "1" | "2";
  nation: string; politicsStatus: string; education: string; maritalStatus: string; birthDate: string; idCard: string;
  entryDate: string; phone: string; email: string; nativePlace: string; specialty: string; admin: boolean; internal: boolean;
}
export interface UserSeed { key: string; userNo: string; name: string; en: string; type: "1" | "2" | "3"; phone: string; gender: "1" | "2"; departmentKey: string; postKey: string; role: "admin" | "department" }

export const orgUnitSeed: OrgUnitSeed[] = [
  { key: "org-shaanxi", name: "陕西省企业服务中心", en: "Shaanxi Enterprise Service Centre", parentKey: null, level: 1, areaCode: "610000" },
  { key: "org-xian", name: "西安市企业服务中心", en: "Xi'an Enterprise Service Centre", parentKey: "org-shaanxi", level: 2, areaCode: "610100" },
  { key: "org-baoji", name: "宝鸡市企业服务中心", en: "Baoji Enterprise Service Centre", parentKey: "org-shaanxi", level: 2, areaCode: "610300" },
  { key: "org-xianyang", name: "咸阳市企业服务中心", en: "Xianyang Enterprise Service Centre", parentKey: "org-shaanxi", level: 2, areaCode: "610400" },
  { key: "org-yanta", name: "西安市雁塔区企业服务中心", en: "Xi'an Yanta District Enterprise Service Centre", parentKey: "org-xian", level: 3, areaCode: "610113" },
  { key: "org-weiyang", name: "西安市未央区企业服务中心", en: "Xi'an Weiyang District Enterprise Service Centre", parentKey: "org-xian", level: 3, areaCode: "610112" },
  { key: "org-jintai", name: "宝鸡市金台区企业服务中心", en: "Baoji Jintai District Enterprise Service Centre", parentKey: "org-baoji", level: 3, areaCode: "610302" },
  { key: "org-qindu", name: "咸阳市秦都区企业服务中心", en: "Xianyang Qindu District Enterprise Service Centre", parentKey: "org-xianyang", level: 3, areaCode: "610402" },
  { key: "org-xiaozhailu", name: "雁塔区小寨路街道便民服务中心", en: "Xiaozhai Road Subdistrict Service Centre, Yanta", parentKey: "org-yanta", level: 4, areaCode: "610113" },
  { key: "org-zhangbagou", name: "雁塔区丈八沟街道便民服务中心", en: "Zhangbagou Subdistrict Service Centre, Yanta", parentKey: "org-yanta", level: 4, areaCode: "610113" },
  { key: "org-zhangjiabao", name: "未央区张家堡街道便民服务中心", en: "Zhangjiabao Subdistrict Service Centre, Weiyang", parentKey: "org-weiyang", level: 4, areaCode: "610112" },
  { key: "org-jinling", name: "金台区金陵街道便民服务中心", en: "Jinling Subdistrict Service Centre, Jintai", parentKey: "org-jintai", level: 4, areaCode: "610302" },
  { key: "org-yongsong", name: "小寨路街道永松社区服务站", en: "Yongsong Community Service Station, Xiaozhai Road", parentKey: "org-xiaozhailu", level: 5, areaCode: "610113" },
  { key: "org-xiaozhaidonglu", name: "小寨路街道小寨东路社区服务站", en: "Xiaozhai East Road Community Service Station", parentKey: "org-xiaozhailu", level: 5, areaCode: "610113" },
  { key: "org-zhangjiabao-sq", name: "张家堡街道张家堡社区服务站", en: "Zhangjiabao Community Service Station", parentKey: "org-zhangjiabao", level: 5, areaCode: "610112" },
];

export const departmentSeed: DepartmentSeed[] = [
  { key: "dept-sx-finance", name: "陕西省地方金融监督管理局", en: "Shaanxi Local Financial Supervision Bureau", creditCode: "11610000016087315H", areaCode: "610000", sort: 1, remark: "省级地方金融监管部门", leaderKey: "user-yangli" },
  { key: "dept-sx-miit", name: "陕西省工业和信息化厅", en: "Shaanxi Department of Industry and Information Technology", creditCode: "11610000016019259L", areaCode: "610000", sort: 2, remark: "省级工业和信息化主管部门", leaderKey: "user-zhangwei" },
  { key: "dept-xa-miit", name: "西安市工业和信息化局", en: "Xi'an Bureau of Industry and Information Technology", creditCode: "11610100016204470L", areaCode: "610100", sort: 3, remark: "市级工业和信息化主管部门", leaderKey: "user-wangfang" },
  { key: "dept-xa-samr", name: "西安市市场监督管理局", en: "Xi'an Market Supervision Administration", creditCode: "11610100MB2976349Q", areaCode: "610100", sort: 4, remark: "市级市场监管部门" },
  { key: "dept-bj-sme", name: "宝鸡市中小企业服务中心", en: "Baoji SME Service Centre", creditCode: "1261030043582106XJ", areaCode: "610300", sort: 5, remark: "市级中小企业公共服务机构", leaderKey: "user-liuyang" },
  { key: "dept-sx-sme-assn", name: "陕西省中小企业协会", en: "Shaanxi SME Association", creditCode: "51610000508713626L", areaCode: "610000", sort: 6, remark: "省级行业协会", leaderKey: "user-zhaolei" },
];

export const postSeed: PostSeed[] = [
  { key: "post-director", name: "主任", en: "Director", code: "ZR", departmentKey: "dept-bj-sme", sort: 1 },
  { key: "post-deputy-director", name: "副主任", en: "Deputy director", code: "FZR", departmentKey: "dept-bj-sme", sort: 2 },
  { key: "post-section-chief", name: "科长", en: "Section chief", code: "KZ", departmentKey: "dept-xa-miit", sort: 3 },
  { key: "post-clerk", name: "科员", en: "Clerk", code: "KY", departmentKey: "dept-xa-miit", sort: 4 },
  { key: "post-account-manager", name: "客户经理", en: "Account manager", code: "KHJL", departmentKey: "dept-bj-sme", sort: 5 },
  { key: "post-risk-officer", name: "风控专员", en: "Risk officer", code: "FKZY", departmentKey: "dept-sx-finance", sort: 6 },
  { key: "post-division-chief", name: "处长", en: "Division chief", code: "CZ", departmentKey: "dept-sx-miit", sort: 7 },
  { key: "post-secretary-general", name: "秘书长", en: "Secretary-general", code: "MSZ", departmentKey: "dept-sx-sme-assn", sort: 8 },
];

export const memberSeed: MemberSeed[] = [
  { key: "mem-limingxuan", name: "李明轩", en: "Li Mingxuan", loginName: "limingxuan", postKey: "post-director", departmentKey: "dept-bj-sme", gender: "1", nation: "01", politicsStatus: "01", education: "2", maritalStatus: "20", birthDate: "1976-03-14", idCard: "610302197603143516", entryDate: "2002-07-15", phone: "13909172358", email: "limingxuan@example.cn", nativePlace: "陕西省宝鸡市", specialty: "工商管理", admin: true, internal: true },
  { key: "mem-wangjingyi", name: "王静怡", en: "Wang Jingyi", loginName: "wangjingyi", postKey: "post-deputy-director", departmentKey: "dept-bj-sme", gender: "2", nation: "01", politicsStatus: "01", education: "3", maritalStatus: "20", birthDate: "1983-09-27", idCard: "610113198309272467", entryDate: "2006-08-01", phone: "13772048816", email: "wangjingyi@example.cn", nativePlace: "陕西省西安市", specialty: "财务管理", admin: false, internal: true },
  { key: "mem-zhaohongwei", name: "赵宏伟", en: "Zhao Hongwei", loginName: "zhaohongwei", postKey: "post-section-chief", departmentKey: "dept-xa-miit", gender: "1", nation: "01", politicsStatus: "01", education: "2", maritalStatus: "21", birthDate: "1980-11-05", idCard: "610402198011052178", entryDate: "2005-07-20", phone: "15829316704", email: "zhaohongwei@example.cn", nativePlace: "陕西省咸阳市", specialty: "软件工程", admin: false, internal: true },
  { key: "mem-liufang", name: "刘芳", en: "Liu Fang", loginName: "liufang", postKey: "post-clerk", departmentKey: "dept-xa-miit", gender: "2", nation: "01", politicsStatus: "03", education: "3", maritalStatus: "10", birthDate: "1997-05-19", idCard: "610112199705190840", entryDate: "2020-09-01", phone: "18691825472", email: "liufang@example.cn", nativePlace: "陕西省西安市", specialty: "公共管理", admin: false, internal: true },
  { key: "mem-chenzhiqiang", name: "陈志强", en: "Chen Zhiqiang", loginName: "chenzhiqiang", postKey: "post-account-manager", departmentKey: "dept-bj-sme", gender: "1", nation: "01", politicsStatus: "13", education: "3", maritalStatus: "20", birthDate: "1988-02-08", idCard: "610303198802081355", entryDate: "2012-03-12", phone: "15091736629", email: "chenzhiqiang@example.cn", nativePlace: "陕西省宝鸡市", specialty: "市场营销", admin: false, internal: false },
  { key: "mem-yangxuemei", name: "杨雪梅", en: "Yang Xuemei", loginName: "yangxuemei", postKey: "post-risk-officer", departmentKey: "dept-sx-finance", gender: "2", nation: "01", politicsStatus: "05", education: "2", maritalStatus: "40", birthDate: "1985-12-23", idCard: "61010319851223528X", entryDate: "2010-06-28", phone: "13468025137", email: "yangxuemei@example.cn", nativePlace: "陕西省西安市", specialty: "金融学", admin: false, internal: true },
  { key: "mem-maxiaodong", name: "马晓东", en: "Ma Xiaodong", loginName: "maxiaodong", postKey: "post-clerk", departmentKey: "dept-xa-miit", gender: "1", nation: "03", politicsStatus: "13", education: "4", maritalStatus: "10", birthDate: "1995-07-30", idCard: "610116199507304195", entryDate: "2018-04-16", phone: "17791582064", email: "maxiaodong@example.cn", nativePlace: "陕西省西安市", specialty: "计算机应用技术", admin: false, internal: false },
  { key: "mem-zhouting", name: "周婷", en: "Zhou Ting", loginName: "zhouting", postKey: "post-division-chief", departmentKey: "dept-sx-miit", gender: "2", nation: "01", politicsStatus: "01", education: "1", maritalStatus: "20", birthDate: "1979-06-11", idCard: "610104197906113623", entryDate: "2008-01-07", phone: "13991267835", email: "zhouting@example.cn", nativePlace: "陕西省西安市", specialty: "产业经济学", admin: true, internal: true },
  { key: "mem-guofeng", name: "郭峰", en: "Guo Feng", loginName: "guofeng", postKey: "post-secretary-general", departmentKey: "dept-sx-sme-assn", gender: "1", nation: "11", politicsStatus: "09", education: "3", maritalStatus: "22", birthDate: "1972-10-02", idCard: "610404197210020732", entryDate: "1996-08-20", phone: "18192740368", email: "guofeng@example.cn", nativePlace: "陕西省咸阳市", specialty: "法学", admin: false, internal: false },
  { key: "mem-hanlina", name: "韩丽娜", en: "Han Lina", loginName: "hanlina", postKey: "post-account-manager", departmentKey: "dept-bj-sme", gender: "2", nation: "01", politicsStatus: "03", education: "3", maritalStatus: "10", birthDate: "1999-01-26", idCard: "610502199901261609", entryDate: "2022-07-04", phone: "19929351846", email: "hanlina@example.cn", nativePlace: "陕西省渭南市", specialty: "国际经济与贸易", admin: false, internal: false },
];

export const userSeed: UserSeed[] = [
  { key: "user-zhangwei", userNo: "zhangwei", name: "张伟", en: "Zhang Wei", type: "1", phone: "13609183527", gender: "1", departmentKey: "dept-sx-miit", postKey: "post-division-chief", role: "admin" },
  { key: "user-wangfang", userNo: "wangfang", name: "王芳", en: "Wang Fang", type: "1", phone: "15349207716", gender: "2", departmentKey: "dept-xa-miit", postKey: "post-section-chief", role: "department" },
  { key: "user-liuyang", userNo: "liuyang", name: "刘洋", en: "Liu Yang", type: "2", phone: "18700928451", gender: "1", departmentKey: "dept-bj-sme", postKey: "post-account-manager", role: "department" },
  { key: "user-chenjing", userNo: "chenjing", name: "陈静", en: "Chen Jing", type: "2", phone: "13152086394", gender: "2", departmentKey: "dept-xa-miit", postKey: "post-clerk", role: "department" },
  { key: "user-yangli", userNo: "yangli", name: "杨丽", en: "Yang Li", type: "3", phone: "17392651408", gender: "2", departmentKey: "dept-sx-finance", postKey: "post-risk-officer", role: "department" },
  { key: "user-zhaolei", userNo: "zhaolei", name: "赵磊", en: "Zhao Lei", type: "3", phone: "15991730285", gender: "1", departmentKey: "dept-sx-sme-assn", postKey: "post-secretary-general", role: "department" },
];

/** The seeded roles (their ids come from the seed); the department role is the approvers' group of the application flows. */
export const roleSeed = {
  admin: { name: "超级管理员", en: "Super administrator", remark: "拥有全部权限" },
  department: { name: "部门人员", en: "Department staff", remark: "企业信息、企业服务、任务与工作报告" },
} as const;

/** The administrator account the seed creates. */
export const adminUserSeed = { name: "系统管理员", en: "System administrator" } as const;
